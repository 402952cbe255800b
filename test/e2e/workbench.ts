// What a user does in the VS Code workbench, as Playwright steps: open a file, run a command,
// read the editor, hovers, the Problems panel and the suggest widget. Every wait polls a
// condition with a deadline and says what it waited for when it gives up.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { budgetMs } from '../support/timeScale';

/**
 * Every wait's budget: generous (a loaded machine runs code-server, Chromium and the language server
 * several times slower), scaled by CATALOG_TEST_TIME_SCALE. A wait ends as soon as its condition
 * holds, so a large budget costs nothing when things work.
 */
export const DEFAULT_TIMEOUT_MS = budgetMs(120_000);

/** Polls `probe` until it returns a value that is not undefined; fails with what was last seen. */
export async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) {
      const detail = last instanceof Error ? ` (last error: ${last.message})` : '';
      throw new Error(`Timed out after ${timeoutMs / 1000} s waiting for ${what}${detail}.`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * `error` with `detail` on lines of its own after its message, and after its stack: a test
 * reporter prints the stack, which an error made its own when it was made.
 */
export function withDetail(error: unknown, detail: string): Error {
  const failure = error instanceof Error ? error : new Error(String(error));
  failure.message += `\n${detail}`;
  // A stack not formatted yet is formatted now, with the new message.
  if (!failure.stack?.includes(detail)) failure.stack = `${failure.stack ?? ''}\n${detail}`;
  return failure;
}

/** `text` with every character a regular expression reads as syntax escaped. */
export function literally(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A pattern matching exactly `text`, space around it aside (Playwright's hasText matches a substring). */
function exactText(text: string): RegExp {
  return new RegExp(`^\\s*${literally(text)}\\s*$`);
}

/** Monaco renders spaces as non-breaking spaces. */
const plain = (text: string): string => text.replace(/\u00a0/g, ' ');

export class Workbench {
  constructor(readonly page: Page) {}

  async ready(): Promise<void> {
    await until('the workbench to load', async () => ((await this.page.locator('.monaco-workbench .part.statusbar').count()) > 0 ? true : undefined), budgetMs(240_000));
  }

  private get activeEditor(): Locator {
    return this.page.locator('.editor-group-container.active .monaco-editor').first();
  }

  /**
   * The active tab of the active editor group when its label is exactly `name`: a label that only
   * holds the name ("Preview Plan-of-refunds-lineage.yml") is another editor, and a tab active in
   * another group is not where the keyboard goes.
   */
  activeTab(name: string): Locator {
    return this.page.locator('.editor-group-container.active .tabs-container .tab.active').filter({ has: this.page.locator('.monaco-icon-label-container', { hasText: exactText(name) }) });
  }

  /** Quick Open (Ctrl+P), the way a user opens a file by name. */
  async openFile(name: string): Promise<void> {
    // The file's own row: Quick Open also lists recently opened editors whose names hold it (a plan's preview).
    const row = this.page.locator('.quick-input-list .monaco-list-row').filter({ has: this.page.locator('.monaco-icon-label-container', { hasText: exactText(name) }) }).first();
    const tab = this.activeTab(name);
    // A file written a moment ago may be missing from the file search Quick Open ran when it opened,
    // and a box can close under the typing or the click (focus taken by a notification or a preview
    // opening): close it and ask again, as a user would, rather than wait on it for the whole budget.
    await until(`Quick Open to open ${name}`, async () => {
      const input = await this.openQuickInput('Control+P', 'Quick Open');
      if (!(await input.fill(name, { timeout: budgetMs(10_000) }).then(() => true, () => false))) return undefined;
      const listed = await row.waitFor({ state: 'visible', timeout: budgetMs(15_000) }).then(() => true, () => false);
      const opened = listed && (await row.click({ timeout: budgetMs(10_000) }).then(() => tab.first().waitFor({ state: 'visible', timeout: budgetMs(20_000) }).then(() => true, () => false), () => false));
      if (opened) return true;
      await this.page.keyboard.press('Escape');
      return undefined;
    });
    await this.activeEditor.locator('.view-lines').waitFor({ state: 'visible' });
  }

  async editorText(): Promise<string> {
    // A short budget per read: a wait for a text retries (an editor still opening) rather than spend its whole budget on one read.
    return plain(await this.activeEditor.locator('.view-lines').innerText({ timeout: budgetMs(10_000) }));
  }

  async waitForEditorText(text: string, timeoutMs?: number): Promise<string> {
    return until(`the editor to show "${text}"`, async () => {
      const shown = await this.editorText();
      return shown.includes(text) ? shown : undefined;
    }, timeoutMs);
  }

  /** Runs a command by its title from the Command Palette (F1); `asksForInput` when it opens an input box itself. */
  async runCommand(title: string, asksForInput = false): Promise<void> {
    const row = this.page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first();
    const input = await until(`the Command Palette to list ${title}`, async () => {
      const box = await this.openQuickInput('F1', 'the Command Palette');
      const listed = await box.fill(`>${title}`, { timeout: budgetMs(10_000) }).then(
        () => row.waitFor({ state: 'visible', timeout: budgetMs(30_000) }).then(() => true, () => false),
        () => false,
      );
      if (listed) return box;
      await this.page.keyboard.press('Escape');
      return undefined;
    });
    await row.click();
    if (asksForInput) await this.page.locator('.quick-input-widget input[type="password"], .quick-input-widget .quick-input-title').first().waitFor({ state: 'visible' });
    else await input.waitFor({ state: 'hidden' });
  }

  /**
   * Presses `key` until the quick input box is there and takes typing. A key pressed while focus is
   * moving (out of a webview, a closing widget) can be lost, or open a box the workbench marks inert
   * for a moment: then Escape and press again, rather than wait on a box that will not take input.
   */
  private async openQuickInput(key: string, what: string): Promise<Locator> {
    const input = this.page.locator('.quick-input-widget input');
    await until(`${what} to take input`, async () => {
      await this.page.keyboard.press(key);
      const ready = await input.waitFor({ state: 'visible', timeout: budgetMs(10_000) }).then(
        async () => (await input.isEditable()) && !(await this.page.locator('.quick-input-widget[inert], [inert] .quick-input-widget').count()),
        () => false,
      );
      if (ready) return true;
      await this.page.keyboard.press('Escape');
      return undefined;
    });
    return input;
  }

  /** Moves the cursor with Go to Line/Column (Ctrl+G), 1-based like the status bar. */
  async goTo(line: number, column: number): Promise<void> {
    await this.activeEditor.locator('.view-lines').click();
    const input = await this.openQuickInput('Control+G', 'Go to Line');
    // Ctrl+G opens Quick Open with a ':' prefix; filling the box replaces it, so it is written again.
    await input.fill(`:${line}:${column}`);
    await this.page.keyboard.press('Enter');
    await input.waitFor({ state: 'hidden' });
  }

  /** Squiggles of one severity currently drawn in the active editor. */
  squiggles(severity: 'error' | 'warning' | 'info'): Locator {
    return this.activeEditor.locator(`.squiggly-${severity}`);
  }

  /** Points the mouse at the first squiggle of `severity` and returns the hover's text. */
  async hoverSquiggle(severity: 'error' | 'warning' | 'info', expected: string): Promise<string> {
    const squiggle = this.squiggles(severity).first();
    await squiggle.waitFor({ state: 'attached', timeout: DEFAULT_TIMEOUT_MS });
    return until(`a hover showing "${expected}"`, async () => {
      const box = await squiggle.boundingBox();
      if (!box) return undefined;
      await this.page.mouse.move(box.x + box.width / 2 + 1, box.y + box.height / 2 - 2);
      const hover = this.page.locator('.monaco-hover:not(.hidden)').first();
      if (!(await hover.isVisible())) return undefined;
      const text = plain(await hover.innerText());
      return text.includes(expected) ? text : undefined;
    });
  }

  /**
   * The text of every editor in the panel (the Output view), as one string: spaces as typed (Monaco
   * draws non-breaking ones) and every run of white space one space, since a long log line may wrap.
   */
  async panelText(): Promise<string> {
    const editors = this.page.locator('.part.panel .monaco-editor .view-lines');
    const texts = await editors.allInnerTexts();
    return plain(texts.join('\n')).replace(/\s+/g, ' ');
  }

  /** Opens the Problems panel and returns its rows' text, one string per row. */
  async problems(): Promise<string[]> {
    if (!(await this.page.locator('.markers-panel').isVisible())) await this.runCommand('View: Focus Problems (Errors, Warnings, Infos)');
    const rows = this.page.locator('.markers-panel .monaco-list-row');
    return (await rows.allInnerTexts()).map((row) => plain(row).replace(/\s+/g, ' ').trim());
  }

  /** Polls the Problems panel until a row contains every one of `parts`. */
  async waitForProblem(parts: readonly string[], timeoutMs?: number): Promise<string> {
    let seen: string[] = [];
    return until(`a row in the Problems panel with ${parts.map((p) => `"${p}"`).join(', ')}`, async () => {
      seen = await this.problems();
      return seen.find((row) => parts.every((part) => row.includes(part)));
    }, timeoutMs).catch((error: unknown) => {
      throw withDetail(error, `The Problems panel showed:\n${seen.join('\n') || '(no rows)'}`);
    });
  }

  async waitForNoProblem(part: string, timeoutMs?: number): Promise<void> {
    let seen: string[] = [];
    await until(`the Problems panel to drop the row with "${part}"`, async () => {
      seen = await this.problems();
      return seen.some((row) => row.includes(part)) ? undefined : true;
    }, timeoutMs).catch((error: unknown) => {
      throw withDetail(error, `The Problems panel showed:\n${seen.join('\n')}`);
    });
  }

  /** Triggers completion (Ctrl+Space) and returns the suggestion rows' text once `expected` is among them. */
  async suggestions(expected: string): Promise<string[]> {
    const rows = this.page.locator('.suggest-widget.visible .monaco-list-row');
    let asked = 0;
    return until(`a completion list offering "${expected}"`, async () => {
      // Ask again every few polls: a list shown before the definitions arrived stays as it was.
      if (asked++ % 8 === 0) {
        if (asked > 1) await this.page.keyboard.press('Escape');
        await this.page.keyboard.press('Control+Space');
      }
      const texts = (await rows.allInnerTexts()).map((t) => plain(t).replace(/\s+/g, ' ').trim());
      return texts.some((t) => t.includes(expected)) ? texts : undefined;
    });
  }

  /** The details pane of the suggest widget (documentation of the focused suggestion). */
  async suggestionDetails(expected: string): Promise<string> {
    const details = this.page.locator('.suggest-details-container .suggest-details, .suggest-widget .details').first();
    return until(`the completion details to show "${expected}"`, async () => {
      if (!(await details.isVisible())) {
        // Ctrl+Space on an open list toggles its details pane.
        await this.page.keyboard.press('Control+Space');
        return undefined;
      }
      const text = plain(await details.innerText());
      return text.includes(expected) ? text : undefined;
    });
  }

  /**
   * For a screenshot only: the details pane is sometimes sized before its documentation arrives
   * and then cuts it off; hiding and showing it again (Ctrl+Space twice) lays it out anew.
   * Best effort: gives up quietly after a few seconds.
   */
  async settleSuggestionDetails(): Promise<void> {
    const details = this.page.locator('.suggest-details-container .suggest-details').first();
    await until('the completion details to fit their documentation', async () => {
      const docs = await details.locator('.docs').boundingBox();
      const pane = await details.boundingBox();
      if (docs && pane && docs.height > 5 && docs.y + docs.height <= pane.y + pane.height + 1) return true;
      await this.page.keyboard.press('Control+Space');
      await details.waitFor({ state: 'hidden', timeout: 2000 }).catch(() => undefined);
      await this.page.keyboard.press('Control+Space');
      await details.waitFor({ state: 'visible', timeout: 2000 }).catch(() => undefined);
      return undefined;
    }, budgetMs(8000)).catch(() => undefined);
  }

  /** Opens the quick-fix menu (Ctrl+.) at the cursor and chooses the action titled `title`. */
  async applyQuickFix(title: string): Promise<void> {
    const item = this.page.locator('.action-widget .monaco-list-row', { hasText: title }).first();
    // The editor may ask for code actions before the server's diagnostics reached it and show
    // "no code actions": close that menu and ask again until the fix is offered.
    await until(`the quick fix "${title}" to be offered`, async () => {
      await this.page.keyboard.press('Control+.');
      try {
        // Long enough for a loaded machine to draw the menu: a shorter wait closes it before it shows.
        await item.waitFor({ state: 'visible', timeout: budgetMs(10_000) });
        return true;
      } catch {
        await this.page.keyboard.press('Escape');
        return undefined;
      }
    });
    await item.click();
    await item.waitFor({ state: 'hidden' });
  }

  /** The rows of a side-bar view (by its title), as "label description" text. */
  async viewRows(viewTitle: string): Promise<string[]> {
    const rows = this.viewPane(viewTitle).locator('.monaco-list-row');
    return (await rows.allInnerTexts()).map((t) => plain(t).replace(/\s+/g, ' ').trim());
  }

  viewPane(viewTitle: string): Locator {
    return this.page.locator('.pane', { has: this.page.locator('.pane-header', { hasText: viewTitle }) }).first();
  }

  /** Polls a view until `accept` likes its rows. */
  async waitForViewRows(viewTitle: string, what: string, accept: (rows: string[]) => boolean, timeoutMs?: number): Promise<string[]> {
    return until(`the ${viewTitle} view to show ${what}`, async () => {
      const rows = await this.viewRows(viewTitle);
      return accept(rows) ? rows : undefined;
    }, timeoutMs);
  }

  /** Clicks the twistie of the first row of a view whose label starts with `label` (expands or collapses it). */
  async toggleViewRow(viewTitle: string, label: string): Promise<void> {
    const startsWith = new RegExp(`^\\s*${literally(label)}`);
    const row = this.viewPane(viewTitle).locator('.monaco-list-row').filter({ hasText: startsWith }).first();
    await row.locator('.monaco-tl-twistie').click();
  }

  /** The visible text of every editor in the editor area (previews beside the active one too). */
  async editorTexts(): Promise<string[]> {
    return (await this.page.locator('.editor-group-container .monaco-editor .view-lines').allInnerTexts()).map(plain);
  }

  /**
   * The text of a webview (a Markdown preview, the lineage graph) that shows all of `parts`. Webviews
   * nest their document in iframes; every frame of the page is read.
   */
  async waitForWebviewText(what: string, parts: readonly (string | RegExp)[], timeoutMs?: number): Promise<string> {
    return until(`${what} to show ${parts.map(String).join(', ')}`, async () => {
      for (const frame of this.page.frames()) {
        // textContent, not innerText: a folded <details> still holds its text. Read through a
        // locator: the tests are compiled without the DOM's types.
        const text = (await frame.locator('body').textContent({ timeout: 1_000 }).catch(() => '')) ?? '';
        if (parts.every((part) => (typeof part === 'string' ? text.includes(part) : part.test(text)))) return plain(text);
      }
      return undefined;
    }, timeoutMs);
  }

  /** Waits for a notification toast containing `text` and returns its text. */
  async waitForNotification(text: string | RegExp, timeoutMs?: number): Promise<string> {
    const toasts = this.page.locator('.notifications-toasts .notification-toast');
    return until(`a notification saying ${String(text)}`, async () => {
      const texts = (await toasts.allInnerTexts()).map((t) => plain(t).replace(/\s+/g, ' '));
      return texts.find((t) => (typeof text === 'string' ? t.includes(text) : text.test(t)));
    }, timeoutMs);
  }

  async clearNotifications(): Promise<void> {
    await this.runCommand('Notifications: Clear All Notifications');
  }

  /** Waits for a modal dialog, clicks the button whose label matches, returns the dialog's text. */
  async answerDialog(button: RegExp): Promise<string> {
    const dialog = this.page.locator('.monaco-dialog-box');
    await dialog.waitFor({ state: 'visible', timeout: DEFAULT_TIMEOUT_MS });
    const text = plain(await dialog.innerText());
    await dialog.locator('.monaco-button').filter({ hasText: button }).first().click();
    // Answered when it closes, or when the next question (a second modal) takes its place.
    await until('the dialog to be answered', async () => {
      if (!(await dialog.isVisible())) return true;
      return plain(await dialog.innerText()) !== text ? true : undefined;
    });
    return text;
  }

  /** Types into the open input box (Sign In's token prompt) and accepts it. */
  async answerInputBox(value: string): Promise<void> {
    const input = this.page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible' });
    await input.fill(value);
    await this.page.keyboard.press('Enter');
    await input.waitFor({ state: 'hidden' });
  }

  /** Drags the side bar's edge so the side bar is `width` pixels wide (for readable screenshots). */
  async resizeSideBar(width: number): Promise<void> {
    const box = await this.page.locator('.part.sidebar').boundingBox();
    if (!box) return;
    const y = box.y + box.height / 2;
    await this.page.mouse.move(box.x + box.width + 1, y);
    await this.page.mouse.down();
    await this.page.mouse.move(box.x + width, y, { steps: 5 });
    await this.page.mouse.up();
  }

  /** Clicks the CodeLens titled `title` in the active editor (the first one when several). */
  async clickCodeLens(title: string): Promise<void> {
    const lens = this.activeEditor.locator('.codelens-decoration a', { hasText: title }).first();
    await lens.waitFor({ state: 'visible', timeout: DEFAULT_TIMEOUT_MS });
    await lens.click();
  }

  async screenshot(path: string): Promise<void> {
    mkdirSync(dirname(path), { recursive: true });
    await this.page.screenshot({ path });
  }
}
