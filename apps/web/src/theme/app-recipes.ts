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
  tableSlotRecipe,
  tabsSlotRecipe,
  tagSlotRecipe,
  textareaRecipe,
} from '@chakra-ui/react/theme';

/**
 * The recipes of the signed-in screens (shell menu, tables, drawers, dialogs, tabs, stats…). Each
 * costs the sign-in page a few hundred bytes: add only what a screen uses.
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
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      tag: tagSlotRecipe,
    },
  },
});
