import { redirect } from 'react-router';
import { hasStoredSession } from './stored-session';

export function redirectSignedInVisitor() {
  return hasStoredSession() ? redirect('/dashboard') : null;
}

export async function requireOwner() {
  const { currentOwner, forgetSession } = await import('../features/auth/session');
  const owner = await currentOwner();
  if (owner) return owner;
  await forgetSession();
  return redirect('/');
}

export function redirectUnknownPath() {
  return redirect(hasStoredSession() ? '/dashboard' : '/');
}
