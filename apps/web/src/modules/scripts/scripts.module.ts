import type { WebModule } from '@/lib/modules';

/**
 * Client-side script security for online stores (module `scripts`, PCI DSS 6.4.3 and 11.6.1): the
 * Script Manager (`/scripts`), E-commerce compliance (`/Ecommerce`), the stores and their monitored
 * pages (`/vtex`), JS attack patterns (`/dork`), the JS blacklist (`/jsblacklist`), the online-store
 * blacklist (`/vtexblacklist`) and the store dork search (`/vtexdork`). Its findings open on
 * `/scripts?open=<finding id>`, a clone's on `/vtexdork`.
 */
export const scriptsModule: WebModule = {
  id: 'scripts',
  screen: 'scripts',
  load: () => import('./components/scripts-screen').then((m) => m.ScriptsScreen),
  moreScreens: [
    { screen: 'ecommerce', load: () => import('./components/ecommerce-screen').then((m) => m.EcommerceScreen) },
    { screen: 'vtex', load: () => import('./components/stores-screen').then((m) => m.StoresScreen) },
    { screen: 'js-attack-patterns', load: () => import('./components/rules-screen').then((m) => m.RulesScreen) },
    { screen: 'js-blacklist', load: () => import('./components/blacklist-screen').then((m) => m.BlacklistScreen) },
    {
      screen: 'vtex-blacklist',
      load: () => import('./components/store-blacklist-screen').then((m) => m.StoreBlacklistScreen),
    },
    { screen: 'vtex-dork', load: () => import('./components/clones-screen').then((m) => m.ClonesScreen) },
  ],
};
