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
const baseConfig = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss: {
    ...globalCss,
    html: { colorPalette: 'blue' },
    body: { bg: 'bg', color: 'fg' },
    // Keyboard focus is always visible (WCAG 2.4.7).
    ':focus-visible': { outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' },
  },
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
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
