// readNumberItems (ubjson/number-items.ts), the reader generated decoders call for arrays of plain
// numbers, against its reference: the loop generated decoders ran before, readFiniteItem /
// readIntegerItem item by item. Same values, same failures (code, offset, schema path), same
// position after, in counted, uncounted (up to `]`) and typed (`$`) arrays, with no-ops, every
// number marker, non-numbers, NaN, bounds, and inputs cut at every byte.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readFiniteItem, readIntegerItem, readNumberItems } from '../src/ubjson/index.js';
import { Reader } from '../src/reader.js';
import { outcome } from './read-outcome.js';
import { fromHex } from './cbor-fixtures.js';

const test = suite('ubjson readNumberItems');

/** Items with their markers, in hex: every number marker at its edges, and items that are not numbers of the schema. */
const ITEMS = [
  '6900', '697f', '6980', '55ff', '4980 00', '497fff', '6c80000000', '6c7fffffff',
  '4c0000000000000005', '4cfff0000000000000', '4c0020000000000001',
  '643fc00000', '647fc00000', '443fe0000000000000', '447ff0000000000000', '447ff8000000000000', '440000000000000000', '448000000000000000',
  '4869013135', '48690331 2e35', // H "15", H "1.5"
  '5a', '5301 61', '54',
];

/** The loop generated decoders ran per array before readNumberItems. */
function referenceItems(reader: Reader, count: number, type: number, integer: boolean, bounds: number[]): number[] {
  const items: number[] = [];
  const read = integer ? readIntegerItem : readFiniteItem;
  for (let index = 0; ; index++) {
    let marker: number;
    if (type === 0) {
      if (index === count) break;
      do {
        if (reader.pos >= reader.end) reader.failEnd(1);
        marker = reader.uint8[reader.pos++];
      } while (marker === 0x4e);
      if (marker === 0x5d && count < 0) break;
    } else {
      if (index === count) break;
      marker = type;
    }
    items.push(read(reader, marker, '#/items', ...bounds));
  }
  return items;
}

function compare(hex: string, count: number, type: number, what: string): void {
  const bytes = fromHex(hex.replace(/\s/g, ''));
  for (const integer of [false, true]) {
    for (const bounds of [[], [-40, 300], [-1e6, 2]]) {
      const fast = new Reader('ubjson', bytes);
      const reference = new Reader('ubjson', bytes);
      assert.equal(
        outcome(() => readNumberItems(fast, count, type, integer, '#/items', ...bounds), fast),
        outcome(() => referenceItems(reference, count, type, integer, bounds), reference),
        `${what} integer=${integer} bounds=${bounds}`,
      );
    }
  }
}

test('each item alone and padded, then all in counted and uncounted arrays with no-ops between', () => {
  for (const item of ITEMS) {
    compare(item, 1, 0, item);
    compare(`${item} 0000000000000000`, 1, 0, `${item} padded`);
  }
  compare(ITEMS.join(''), ITEMS.length, 0, 'counted');
  compare(`${ITEMS.join('4e')}5d`, -1, 0, 'uncounted with no-ops');
  compare('5d', -1, 0, 'empty uncounted');
  compare('', 0, 0, 'empty counted');
  // `]` ends only an uncounted array: in a counted one it is an item of the wrong type.
  compare('6901 5d 6902', 3, 0, 'counted with ] as an item');
});

test('typed arrays of every number marker, and of a marker that is not a number', () => {
  compare('00 7f 80 ff', 4, 0x69, 'typed i');
  compare('00 7f 80 ff', 4, 0x55, 'typed U');
  compare('8000 7fff 0001', 3, 0x49, 'typed I');
  compare('80000000 7fffffff', 2, 0x6c, 'typed l');
  compare('0000000000000005 fff0000000000000', 2, 0x4c, 'typed L');
  compare('3fc00000 7fc00000', 2, 0x64, 'typed d');
  compare('3fe0000000000000 7ff0000000000000 4004000000000000', 3, 0x44, 'typed D');
  compare('0161 0162', 2, 0x53, 'typed S');
});

test('inputs cut at every byte fail where the reference loop fails', () => {
  const whole = `${ITEMS.slice(0, 18).join('4e')}5d`.replace(/\s/g, '');
  for (let cut = 0; cut < whole.length; cut += 2) compare(whole.slice(0, cut), -1, 0, `uncounted cut at ${cut / 2}`);
  const typed = '3fe0000000000000 4004000000000000 c000000000000000'.replace(/\s/g, '');
  for (let cut = 0; cut < typed.length; cut += 2) compare(typed.slice(0, cut), 3, 0x44, `typed D cut at ${cut / 2}`);
});

test.run();
