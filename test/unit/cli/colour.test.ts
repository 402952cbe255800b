import assert from 'node:assert/strict';
import { test } from 'node:test';
import { colourWanted, paint, takeNoColorFlag } from '../../../cli/colour';

test('colour only on a terminal, never with NO_COLOR set non-empty or --no-color', () => {
  assert.equal(colourWanted({ isTTY: true }, {}, false), true);
  assert.equal(colourWanted({ isTTY: false }, {}, false), false);
  assert.equal(colourWanted({}, {}, false), false);
  assert.equal(colourWanted({ isTTY: true }, { NO_COLOR: '1' }, false), false);
  assert.equal(colourWanted({ isTTY: true }, { NO_COLOR: '' }, false), true, 'an empty NO_COLOR is unset (no-color.org)');
  assert.equal(colourWanted({ isTTY: true }, {}, true), false);
});

test('--no-color is taken out of any place before `--`, and left as a path after it', () => {
  assert.deepEqual(takeNoColorFlag(['validate', '--no-color', 'x']), { argv: ['validate', 'x'], noColor: true });
  assert.deepEqual(takeNoColorFlag(['--no-color', 'plan']), { argv: ['plan'], noColor: true });
  assert.deepEqual(takeNoColorFlag(['validate', '--', '--no-color']), { argv: ['validate', '--', '--no-color'], noColor: false });
});

test('paints the severity of a validate line and a plan mark, and nothing else', () => {
  const E = '\u001b[';
  assert.equal(paint('a.yml:3:5: error urn.syntax: bad'), `a.yml:3:5: ${E}31m${E}1merror${E}0m urn.syntax: bad`);
  assert.equal(paint('    + upstream x'), `    ${E}32m+ upstream x${E}0m`);
  const plain = ['1 metadata file(s) checked: 1 error(s), 0 warning(s).', '  "severity": "error",', 'Summary: 1 to add, 0 to change, 1 to remove.'];
  for (const line of plain) assert.equal(paint(line), line);
});
