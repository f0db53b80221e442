import { describe, expect, it } from 'vitest';
import { breadcrumbListJsonLd, jsonLdScriptText, organizationJsonLd } from './json-ld';

describe('jsonLdScriptText', () => {
  it('escapes < so a value cannot close the script element', () => {
    const text = jsonLdScriptText({ name: '</script><script>alert(1)</script>' });
    expect(text).not.toContain('</script>');
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script>' });
  });
});

describe('breadcrumbListJsonLd', () => {
  it('numbers the steps from 1 with absolute URLs, the current page last and without one', () => {
    const ld = breadcrumbListJsonLd(
      [
        { label: 'Home', to: '/' },
        { label: 'Batteries', to: '/shop?page=1&category=batteries' },
        { label: 'Voltcore NS70' },
      ],
      'https://shop.example.com.au',
    );
    expect(ld).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://shop.example.com.au/' },
        {
          '@type': 'ListItem',
          position: 2,
          name: 'Batteries',
          item: 'https://shop.example.com.au/shop?page=1&category=batteries',
        },
        { '@type': 'ListItem', position: 3, name: 'Voltcore NS70' },
      ],
    });
  });
});

describe('organizationJsonLd', () => {
  it('names the store at its origin with its logo', () => {
    const ld = organizationJsonLd(
      { name: 'Southside Auto Parts', description: 'Parts' },
      'https://a.example',
    );
    expect(ld).toMatchObject({
      '@type': 'Organization',
      name: 'Southside Auto Parts',
      url: 'https://a.example/',
      logo: 'https://a.example/apple-touch-icon.png',
      description: 'Parts',
    });
    expect(organizationJsonLd({ name: 'X' }, 'https://a.example')).not.toHaveProperty('description');
  });
});
