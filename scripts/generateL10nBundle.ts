// Writes l10n/bundle.l10n.json from the client's `vscode.l10n.t` messages (scripts/l10nStrings.ts).
// Run after adding or changing one:   node --import tsx scripts/generateL10nBundle.ts
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundleText } from './l10nStrings';

const root = join(__dirname, '..');
writeFileSync(join(root, 'l10n', 'bundle.l10n.json'), bundleText(root));
console.log('wrote l10n/bundle.l10n.json');
