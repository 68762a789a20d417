import { defineConfig } from '@chakra-ui/react';
import {
  avatarSlotRecipe,
  badgeRecipe,
  codeRecipe,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  menuSlotRecipe,
  popoverSlotRecipe,
  progressSlotRecipe,
  skeletonRecipe,
  statSlotRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  tagSlotRecipe,
  textareaRecipe,
} from '@chakra-ui/react/theme';
import { registerRecipes } from './system';

/**
 * The recipes of the signed-in screens (shell menu, tables, drawers, dialogs, tabs, stats…). They
 * load with the signed-in layout (and the analytics page), not with /signin: a route module whose
 * screens use one of these components imports this file for its side effect.
 */
export const appRecipes = defineConfig({
  theme: {
    recipes: {
      badge: badgeRecipe,
      code: codeRecipe,
      skeleton: skeletonRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      avatar: avatarSlotRecipe,
      dataList: dataListSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      emptyState: emptyStateSlotRecipe,
      menu: menuSlotRecipe,
      popover: popoverSlotRecipe,
      progress: progressSlotRecipe,
      stat: statSlotRecipe,
      switch: switchSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      tag: tagSlotRecipe,
    },
  },
});

// Importing this module registers them (signed-in layout, public analytics page, tests).
registerRecipes(appRecipes);
