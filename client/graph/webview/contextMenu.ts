/**
 * The graph's context menu on an entity: a small menu drawn in the webview (VS Code's own menus
 * cannot be opened from a webview's SVG node). Keyboard: the context-menu key or Shift+F10 on a
 * focused entity opens it, arrows move, Enter picks, Escape closes. Styled by `menuStyle` below,
 * added with the page's nonce.
 */
export interface MenuItem {
  label: string;
  run: () => void;
}

export const MENU_STYLE = `
  .graphMenu { position: fixed; z-index: 10; min-width: 180px; padding: 4px 0; margin: 0; list-style: none;
    color: var(--vscode-menu-foreground); background: var(--vscode-menu-background);
    border: 1px solid var(--vscode-menu-border, var(--vscode-widget-border, transparent)); box-shadow: 0 2px 8px var(--vscode-widget-shadow, rgba(0,0,0,.36)); }
  .graphMenu li { padding: 4px 14px; cursor: pointer; white-space: nowrap; }
  .graphMenu li:hover, .graphMenu li:focus { color: var(--vscode-menu-selectionForeground); background: var(--vscode-menu-selectionBackground); outline: none; }
`;

let open: HTMLUListElement | undefined;

export function closeMenu(): void {
  open?.remove();
  open = undefined;
}

export function showMenu(items: readonly MenuItem[], at: { x: number; y: number }, title: string): void {
  closeMenu();
  const menu = document.createElement('ul');
  menu.className = 'graphMenu';
  menu.setAttribute('role', 'menu');
  menu.setAttribute('aria-label', title);
  for (const item of items) {
    const entry = document.createElement('li');
    entry.textContent = item.label;
    entry.tabIndex = -1;
    entry.setAttribute('role', 'menuitem');
    entry.addEventListener('click', () => {
      closeMenu();
      item.run();
    });
    menu.appendChild(entry);
  }
  menu.addEventListener('keydown', (event) => {
    const entries = [...menu.querySelectorAll('li')];
    const current = entries.indexOf(document.activeElement as HTMLLIElement);
    if (event.key === 'Escape') closeMenu();
    else if (event.key === 'ArrowDown') entries[(current + 1) % entries.length]?.focus();
    else if (event.key === 'ArrowUp') entries[(current - 1 + entries.length) % entries.length]?.focus();
    else if (event.key === 'Enter' || event.key === ' ') (document.activeElement as HTMLElement | null)?.click();
    else return;
    event.preventDefault();
  });
  document.body.appendChild(menu);
  // Kept inside the window.
  const box = menu.getBoundingClientRect();
  menu.style.left = `${Math.max(0, Math.min(at.x, window.innerWidth - box.width - 2))}px`;
  menu.style.top = `${Math.max(0, Math.min(at.y, window.innerHeight - box.height - 2))}px`;
  open = menu;
  menu.querySelector('li')?.focus();
}

window.addEventListener('pointerdown', (event) => {
  if (open && !(event.target instanceof Node && open.contains(event.target))) closeMenu();
});
window.addEventListener('blur', () => closeMenu());
