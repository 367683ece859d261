import { describe, expect, it } from 'vitest';
import { redirectProblems, redirectTarget } from './redirects';

describe('route redirects (spec sections 2 and 3)', () => {
  const list = [
    { redirectFrom: '/old-shirts', redirectTo: '/collections/shirts' },
    { redirectFrom: '/sale', redirectTo: '/collections/all?sort=price' },
    { redirectFrom: '/blog', redirectTo: 'https://blog.example/#top' },
  ];

  it('carries the query over with ? or & as the target has one', () => {
    expect(redirectTarget(list, '/old-shirts', '')).toBe('/collections/shirts');
    expect(redirectTarget(list, '/old-shirts', '?utm_source=mail&x=1')).toBe('/collections/shirts?utm_source=mail&x=1');
    expect(redirectTarget(list, '/sale', '?utm_source=mail')).toBe('/collections/all?sort=price&utm_source=mail');
    expect(redirectTarget(list, '/blog', '?a=1')).toBe('https://blog.example/?a=1#top');
  });

  it('compares the path without a trailing slash and decoded; anything else is not redirected', () => {
    expect(redirectTarget(list, '/old-shirts/', '')).toBe('/collections/shirts');
    expect(redirectTarget([{ redirectFrom: '/été', redirectTo: '/summer' }], '/%C3%A9t%C3%A9', '')).toBe('/summer');
    expect(redirectTarget(list, '/old-shirts/x', '')).toBeUndefined();
    expect(redirectTarget(list, '/', '')).toBeUndefined();
  });

  it('refuses loops, one path sent two ways and paths the shop needs, naming each entry', () => {
    expect(redirectProblems(list)).toEqual([]);
    expect(redirectProblems([{ redirectFrom: '/a', redirectTo: '/a?x=1' }]).map((p) => p.path)).toEqual([
      '/routeRedirectConfigList/0',
    ]);
    const loop = redirectProblems([
      { redirectFrom: '/a', redirectTo: '/b' },
      { redirectFrom: '/b/', redirectTo: '/c' },
      { redirectFrom: '/c', redirectTo: '/a' },
    ]);
    expect(loop).toHaveLength(3);
    expect(loop[0]!.message).toContain('/a → /b → /c → /a');
    // A chain that ends is fine.
    expect(
      redirectProblems([
        { redirectFrom: '/a', redirectTo: '/b' },
        { redirectFrom: '/b', redirectTo: '/c' },
      ]),
    ).toEqual([]);
    expect(
      redirectProblems([
        { redirectFrom: '/a', redirectTo: '/b' },
        { redirectFrom: '/a/', redirectTo: '/c' },
      ]),
    ).toEqual([{ path: '/routeRedirectConfigList/1/redirectFrom', message: '/a/ already redirects to /b.' }]);
    for (const reserved of ['/api/site', '/assets/x.js', '/password/store', '/maintenance', '/robots.txt'])
      expect(redirectProblems([{ redirectFrom: reserved, redirectTo: '/' }])).toHaveLength(1);
    expect(redirectProblems([{ redirectFrom: '/x', redirectTo: '//evil.example' }])).toHaveLength(1);
  });
});
