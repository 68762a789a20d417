import type { WebModule } from '@/lib/modules';

/**
 * Client-side script security for online stores (module `scripts`, PCI DSS 6.4.3 and 11.6.1): the
 * Script Manager (`/scripts`), E-commerce compliance (`/Ecommerce`), the stores and their monitored
 * pages (`/vtex`), JS attack patterns (`/dork`), the JS blacklist (`/jsblacklist`), the online-store
 * blacklist (`/vtexblacklist`) and the store dork search (`/vtexdork`). Its findings open on
 * `/scripts?open=<finding id>`, a clone's on `/vtexdork`. Each product has its folder: scripts/ (the
 * Script Manager), ecommerce/, stores/, rules/, blacklists/ (JS and store blacklists), clones/;
 * shared/ holds their common form parts and test fixtures.
 */
export const scriptsModule: WebModule = {
  id: 'scripts',
  screen: 'scripts',
  load: () => import('./scripts/scripts-screen').then((m) => m.ScriptsScreen),
  moreScreens: [
    { screen: 'ecommerce', load: () => import('./ecommerce/ecommerce-screen').then((m) => m.EcommerceScreen) },
    { screen: 'vtex', load: () => import('./stores/stores-screen').then((m) => m.StoresScreen) },
    { screen: 'js-attack-patterns', load: () => import('./rules/rules-screen').then((m) => m.RulesScreen) },
    { screen: 'js-blacklist', load: () => import('./blacklists/js-blacklist-screen').then((m) => m.JsBlacklistScreen) },
    {
      screen: 'vtex-blacklist',
      load: () => import('./blacklists/store-blacklist-screen').then((m) => m.StoreBlacklistScreen),
    },
    { screen: 'vtex-dork', load: () => import('./clones/clones-screen').then((m) => m.ClonesScreen) },
  ],
};
