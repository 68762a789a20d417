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
import { appRecipes } from './app-recipes';

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

/** The app's Chakra system: the public pages' recipes and the signed-in screens' (app-recipes.ts). */
export const system = createSystem(defaultBaseConfig, baseConfig, appRecipes);
