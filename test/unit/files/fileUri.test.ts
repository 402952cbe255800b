import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pathToFileURL } from 'node:url';
import { fileUriOf } from '../../../core/files/fileUri';
import { seededRandom } from '../../../support/random';

test('a file URI is the one pathToFileURL gives, for plain paths and for every kind of character and segment it changes', () => {
  const fixed = ['/', '/a', '/a/b.yaml', '/a/', '/a//b', '/a/./b', '/a/../b', '/a/..', '/a/.', '/.hidden/x.yml', '/a/..b/c', '/a/b..', '/a b/c', '/a%20b', '/a#b', '/a?b', '/a\\b', '/ä/ö.yaml', '/a\nb', '/a\tb', '/~user/x', '/a-b_c.d~e', 'relative/x.yaml', '/a/b/.', '/a;b', "/a'b", '/a@b', '/a:b', '/a+b', '/a=b', '/a&b', '/a$b', '/a!b', '/a(b)', '/a*b', '/a,b'];
  for (const path of fixed) assert.equal(fileUriOf(path), pathToFileURL(path).toString(), path);
  const random = seededRandom(4120);
  const alphabet = 'ab./-_~ %#?\\\nä:@+;,=&$!*()[]\'"`^{}|<>';
  for (let i = 0; i < 5_000; i++) {
    const length = 1 + random.int(12);
    let path = '/';
    for (let j = 0; j < length; j++) path += alphabet[random.int(alphabet.length)];
    assert.equal(fileUriOf(path), pathToFileURL(path).toString(), JSON.stringify(path));
  }
});
