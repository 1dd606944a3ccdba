import { useSelector } from '@xstate/react';
import { useAppContext } from '@/app-context';
import type { UserInfo } from './user-info';

/** The user of the signed-in shell; pages render only once the session has it. */
export function useSignedInUser(): UserInfo {
  const { session } = useAppContext();
  const user = useSelector(session, (snapshot) => snapshot.context.user);
  if (!user) throw new Error('useSignedInUser is for pages inside the signed-in shell');
  return user;
}
