import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  breakpoints,
  buttonRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  nativeSelectSlotRecipe,
  pinInputSlotRecipe,
  semanticTokens,
  separatorRecipe,
  spinnerRecipe,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';

/*
 * Chakra's full default config ships every recipe (≈ 60 KB gzip more on the sign-in page). The app
 * registers only the recipes of the components it uses: the public pages' here, the signed-in
 * screens' in `app-recipes.ts`. Using a new Chakra component? Add its recipe (a component without
 * its recipe throws at render) and check the sign-in budget (`scripts/bundle-report.mjs`).
 */
/*
 * Chakra's status text colours are below WCAG AA (4.5:1) on white: red.500 3.8, green.600 3.3,
 * orange.600 3.6. A scope check's "not verified" line failed axe (issue 32's browser test). Every
 * `fg.error` / `fg.success` / `fg.warning` of the app reads one shade darker in light mode instead.
 */
const readableSemanticTokens = {
  ...semanticTokens,
  colors: {
    ...semanticTokens.colors,
    fg: {
      ...semanticTokens.colors?.fg,
      error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.400}' } },
      warning: { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.300}' } },
      success: { value: { _light: '{colors.green.700}', _dark: '{colors.green.300}' } },
    },
  },
};

const baseConfig = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss: {
    ...globalCss,
    html: { colorPalette: 'blue' },
    body: { bg: 'bg', color: 'fg' },
    // Chakra's Table.ScrollArea sets white-space: nowrap for all it holds, so no cell wrapped and every
    // wide table scrolled sideways (issue 33 item 6): cells wrap; a long value is cut by `Truncated`.
    table: { whiteSpace: 'normal' },
    // Keyboard focus is always visible (WCAG 2.4.7).
    ':focus-visible': { outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' },
  },
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens: readableSemanticTokens,
    recipes: {
      button: buttonRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      input: inputRecipe,
      link: linkRecipe,
      separator: separatorRecipe,
      spinner: spinnerRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      field: fieldSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      pinInput: pinInputSlotRecipe,
    },
    textStyles,
    layerStyles,
    animationStyles,
  },
});

/**
 * The app's Chakra system with the public pages' recipes. The signed-in screens' recipes
 * (`app-recipes.ts`) join it when their first screen loads (`registerRecipes`): not on /signin.
 */
export const system = createSystem(defaultBaseConfig, baseConfig);

type RecipeSet = { recipes?: Record<string, unknown>; slotRecipes?: Record<string, unknown> };

/**
 * Adds recipes to the running system. Chakra looks a recipe up in its config's theme on first use
 * (`getRecipe`/`getSlotRecipe`), so recipes added before a component first renders work as if
 * they had been there from the start.
 */
export function registerRecipes(config: { theme?: RecipeSet }) {
  const theme = system._config.theme as RecipeSet | undefined;
  if (!theme) return;
  theme.recipes = Object.assign(theme.recipes ?? {}, config.theme?.recipes);
  theme.slotRecipes = Object.assign(theme.slotRecipes ?? {}, config.theme?.slotRecipes);
}
