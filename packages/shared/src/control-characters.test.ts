import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkoutFormSchema } from './checkout-form';
import { controlCharacterMessage, findControlCharacter, normaliseText } from './control-characters';
import { multiLineText, noControlCharacters } from './text-schemas';

describe('findControlCharacter', () => {
  it('finds nothing in ordinary text of any alphabet, emoji included', () => {
    for (const text of ["O'Connor", 'Kippa-Ring', 'Müller', '東京', 'Wheel nut 🔧 kit', '']) {
      expect(findControlCharacter(text)).toBeNull();
      expect(findControlCharacter(text, 'multi-line')).toBeNull();
    }
  });

  it('refuses every C0 character, DEL and C1 in a single-line field', () => {
    const refused = [
      ...Array.from({ length: 0x20 }, (_, i) => i),
      0x7f,
      ...Array.from({ length: 0x20 }, (_, i) => 0x80 + i),
    ];
    for (const code of refused) {
      const found = findControlCharacter(`ab${String.fromCharCode(code)}c`);
      expect(found, `U+${code.toString(16)}`).toMatchObject({ index: 2 });
    }
    expect(findControlCharacter('a\u0000b')).toEqual({ index: 1, codePoint: 'U+0000', name: 'NUL' });
  });

  it('keeps tab, line feed and carriage return in multi-line and search fields only', () => {
    expect(findControlCharacter('line one\r\nline two\tend', 'multi-line')).toBeNull();
    expect(findControlCharacter('head\tlight', 'search')).toBeNull();
    expect(findControlCharacter('line one\nline two')).toMatchObject({ name: 'line break', index: 8 });
    expect(findControlCharacter('note\u0000', 'multi-line')).toMatchObject({ name: 'NUL' });
    expect(findControlCharacter('note\u000b', 'multi-line')).toMatchObject({ name: 'vertical tab' });
  });

  it('refuses a lone surrogate but not a pair', () => {
    expect(findControlCharacter('a\ud800b')).toMatchObject({
      index: 1,
      codePoint: 'U+D800',
      name: 'lone surrogate',
    });
    expect(findControlCharacter('a\udc00')).toMatchObject({ index: 1, name: 'lone surrogate' });
    expect(findControlCharacter('a\ud83d\udd27b')).toBeNull();
  });
});

describe('normaliseText', () => {
  it('reads tabs and line breaks in a search as spaces and leaves other kinds alone', () => {
    expect(normaliseText('brake\tpads\r\nfront', 'search')).toBe('brake pads  front');
    expect(normaliseText('brake\tpads', 'multi-line')).toBe('brake\tpads');
  });
});

describe('the zod pieces', () => {
  it('names the field and the character in a message a person can act on', () => {
    const found = findControlCharacter('12\u0000 Smith St');
    expect(found && controlCharacterMessage('Street address', found)).toBe(
      'Street address contains an invisible character (U+0000 NUL) at position 3. Remove it and try again.',
    );
    const schema = z.string().superRefine(noControlCharacters('Company'));
    expect(schema.safeParse('Acme\u0007').error?.issues[0]?.message).toMatch(
      /^Company contains an invisible character \(U\+0007/,
    );
  });

  it('marks multi-line fields for the edge and the OpenAPI document', () => {
    const json = z.toJSONSchema(z.object({ comment: multiLineText().max(10) }));
    expect(json.properties?.comment).toMatchObject({ 'x-text-kind': 'multi-line', maxLength: 10 });
  });

  it('the checkout form refuses in the browser what the server refuses', () => {
    const form = {
      f_name: 'Jane',
      l_name: 'Citizen',
      email: 'jane@example.com',
      phone: '0412345678',
      street_address: '12 Example St',
      city: 'Guildford',
      state: 'NSW',
      post_code: '2161',
    };
    expect(checkoutFormSchema.safeParse(form).success).toBe(true);
    expect(checkoutFormSchema.safeParse({ ...form, comment: 'Back door\nthanks' }).success).toBe(true);
    const bad = checkoutFormSchema.safeParse({ ...form, street_address: '12 Ex\u0000ample St' });
    expect(bad.error?.issues[0]).toMatchObject({
      path: ['street_address'],
      message:
        'Street address contains an invisible character (U+0000 NUL) at position 6. Remove it and try again.',
    });
    expect(
      checkoutFormSchema.safeParse({ ...form, comment: 'Back\u0000door' }).error?.issues[0]?.path,
    ).toEqual(['comment']);
  });
});
