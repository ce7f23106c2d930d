import { useEffect } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { signOut } from '../features/session/actions';

function Logout() {
  useEffect(() => {
    void signOut('/login');
  }, []);
  return <p style={{ padding: '2rem' }}>正在退出登录…</p>;
}

export const Route = createFileRoute('/logout')({ component: Logout });
