import { act, render, screen } from '@testing-library/react';
import { toast } from 'react-toastify';
import { toastDemandPlugin } from './toast-demand';
import { Toasts } from './toasts';

type AfterLoadShare = (args: { pkgName: string }) => void;
const afterLoadShare = toastDemandPlugin.afterLoadShare as unknown as AfterLoadShare;

test('the container mounts once a part loads react-toastify, and a toast shown before that still appears', async () => {
  const { container } = render(<Toasts />);
  act(() => afterLoadShare({ pkgName: 'react' }));
  expect(container).toBeEmptyDOMElement();

  act(() => {
    toast('Shown before the container was up');
  });
  act(() => afterLoadShare({ pkgName: 'react-toastify' }));
  expect(await screen.findByText('Shown before the container was up')).toBeInTheDocument();
});
