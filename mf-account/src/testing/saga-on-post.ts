import type MockAdapter from 'axios-mock-adapter';
import { expectSaga } from 'redux-saga-test-plan';
import { fakeServices } from './fakes';

type PostHandler = ReturnType<MockAdapter['onPost']>;

/**
 * A saga run over fake services whose POST to `url` is answered by `answer`: the saga is
 * started with (services, action), ready for its expectations and `.run()`.
 */
export function sagaOnPost(
  saga: Parameters<typeof expectSaga>[0],
  action: unknown,
  url: string,
  answer: (handler: PostHandler) => unknown,
) {
  const fakes = fakeServices();
  answer(fakes.http.onPost(url));
  return { ...fakes, saga: expectSaga(saga, fakes.services, action) };
}
