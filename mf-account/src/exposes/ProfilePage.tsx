import type { AccountMountProps } from 'shared-contracts';

export default function ProfilePage(_props: AccountMountProps) {
  return <span>ProfilePage</span>;
}
