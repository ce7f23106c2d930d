/** What the chat browser tests share: the chat window, its messages, and screenshots in a folder of their own. */
import { saveScreenshot } from './harness';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { msg } from '../../src/shared/messages';

export const chatWindow = (page: Page) => page.getByRole('dialog', { name: msg.chat });
export const messagesIn = (page: Page) => chatWindow(page).getByRole('log').getByTestId('chat-message');

/** A screenshot function writing `<name>.png` into `dir` (made now). */
export const shotsIn = (dir: string) => {
  mkdirSync(dir, { recursive: true });
  return (page: Page, name: string) => saveScreenshot(page, { path: join(dir, `${name}.png`) });
};
