import type { NavigationTarget } from '@vigil/auth-machine';
import { routeNames } from '@/config/paths';
import { httpUrl } from '@/lib/http-url';
import { safeRedirectTarget } from '@/lib/redirect';

interface Navigator {
  navigate: (to: string, options?: { replace?: boolean }) => Promise<void> | void;
}

/** Turns the auth machine's navigate intents into router navigations (the machine never navigates). */
export function navigateToTarget(
  router: Navigator,
  target: NavigationTarget,
  assign = (url: string) => location.assign(url),
) {
  switch (target.kind) {
    case 'route': {
      // The spec's route names map to the route table's paths.
      if (target.name === 'Signin') return router.navigate(routeNames.Signin);
      const query = new URLSearchParams(target.query);
      return router.navigate(`${routeNames.TwoStepVerification}?${query.toString()}`);
    }
    case 'path':
      // The machine echoes the redirect it was given; it is checked again here (never an open redirect).
      return router.navigate(safeRedirectTarget(target.path) ?? '/', { replace: true });
    case 'external': {
      const url = httpUrl(target.url, location.href);
      if (!url) throw new Error(`Refused navigation to ${target.url}`);
      assign(url.href);
      return;
    }
  }
}
