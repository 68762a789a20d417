import { Button } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/**
 * The way on to sign in once a step outside the sign-in page is done (a link from an e-mail, a new
 * password). `focus` takes the focus when it shows, for a step whose form it replaces.
 */
export function SigninButton({ focus = false }: { focus?: boolean }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <Button asChild>
      <Link ref={ref} to="/signin">
        {t('auth.signin.submit')}
      </Link>
    </Button>
  );
}
