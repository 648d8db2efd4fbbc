import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { logout } from '../../session';
import { LoadingState } from '../../components/Guards';

/** /logout: clears the tokens and goes to /login (replace). */
export default function LogoutPage() {
  const navigate = useNavigate();
  useEffect(() => {
    logout();
    navigate('/login', { replace: true });
  }, [navigate]);
  return <LoadingState />;
}
