import type { AccountMountProps } from 'shared-contracts';

export default function AccountMenu(_props: AccountMountProps) {
  return <span>AccountMenu</span>;
}
