import type MockAdapter from 'axios-mock-adapter';
import { listDetail, stringDetail } from './fakes';

/** The error shapes of product §8, each with the message a saga must derive from it. */
export interface ErrorCase {
  name: string;
  reply: (handler: ReturnType<MockAdapter['onAny']>) => void;
  message: string;
}

export function errorCases(fallback: string, noResponseFallback: string = fallback): ErrorCase[] {
  return [
    { name: 'string detail', reply: (h) => h.reply(400, stringDetail('Server says no')), message: 'Server says no' },
    {
      name: 'list detail',
      reply: (h) => h.reply(422, listDetail('first is bad', 'second is bad')),
      message: 'first is bad, second is bad',
    },
    { name: 'no detail', reply: (h) => h.reply(500, { oops: true }), message: fallback },
    { name: 'no response', reply: (h) => h.networkError(), message: noResponseFallback },
  ];
}
