import { expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';

// The bundled catalogue is the oracle (read as data, so the specs do not depend on the code under test).
export interface CatalogueGame {
  id: number;
  name: string;
  category: string;
  image: string;
  link: string;
}
export const GAMES = JSON.parse(
  readFileSync(path.join(__dirname, '../../shared-contracts/src/catalogue/games.json'), 'utf8'),
) as CatalogueGame[];

/** The categories the catalogue's games fall in, alphabetically (as the category menu lists them). */
export const CATEGORIES = [...new Set(GAMES.map((game) => game.category))].sort();

export function gameById(id: number): CatalogueGame {
  const game = GAMES.find((candidate) => candidate.id === id);
  if (!game) throw new Error(`no game ${String(id)} in the catalogue`);
  return game;
}

/** Searches the header's search box for a game's name, then opens the first result (client-side). */
export async function openGameFromSearch(page: Page, name: string): Promise<void> {
  await page.getByPlaceholder('Search Games').fill(name);
  await page.getByPlaceholder('Search Games').press('Enter');
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${encodeURIComponent(name)}$`));
  await page
    .locator('main')
    .getByRole('link', { name: new RegExp(name) })
    .first()
    .click();
}
