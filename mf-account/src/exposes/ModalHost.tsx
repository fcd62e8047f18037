import type { AccountMountProps } from 'shared-contracts';

export default function ModalHost(_props: AccountMountProps) {
  return <span>ModalHost</span>;
}
