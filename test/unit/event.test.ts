import { describe, expect, it } from 'vitest';
import { buildEvent, MalformedPathError } from '../../infra/local/event';

describe('buildEvent (API Gateway HTTP API payload 2.0)', () => {
  it('decodes rawPath but keeps rawQueryString encoded', () => {
    const event = buildEvent({
      method: 'get',
      url: '/api/repos/demo%2Fblog/config?branch=cms%2Fposts%2Fa&x=1',
      headers: {},
    });
    expect(event.rawPath).toBe('/api/repos/demo/blog/config');
    expect(event.requestContext.http.path).toBe('/api/repos/demo/blog/config');
    expect(event.rawQueryString).toBe('branch=cms%2Fposts%2Fa&x=1');
    expect(event.queryStringParameters).toEqual({ branch: 'cms/posts/a', x: '1' });
    expect(event.requestContext.http.method).toBe('GET');
  });

  it('lower-cases headers, joins repeats and moves cookies to their own array', () => {
    const event = buildEvent({
      method: 'GET',
      url: '/api/health',
      headers: {
        'X-Thing': ['a', 'b'],
        Cookie: 'cms_session=abc; other=1',
        Host: 'localhost:8787',
      },
    });
    expect(event.headers).toEqual({ 'x-thing': 'a,b', host: 'localhost:8787' });
    expect(event.cookies).toEqual(['cms_session=abc', 'other=1']);
  });

  it('passes JSON bodies as text and binary bodies as base64', () => {
    const json = buildEvent({
      method: 'POST',
      url: '/x',
      headers: { 'content-type': 'application/json' },
      body: Buffer.from('{"a":1}'),
    });
    expect(json).toMatchObject({ body: '{"a":1}', isBase64Encoded: false });
    const binary = buildEvent({
      method: 'POST',
      url: '/x',
      headers: { 'content-type': 'image/png' },
      body: Buffer.from([0xff, 0x00]),
    });
    expect(binary).toMatchObject({ body: '/wA=', isBase64Encoded: true });
  });

  it('omits body, cookies and query parameters when there are none', () => {
    const event = buildEvent({ method: 'GET', url: '/api/health', headers: {} });
    expect(event.body).toBeUndefined();
    expect(event.cookies).toBeUndefined();
    expect(event.queryStringParameters).toBeUndefined();
  });

  it('rejects malformed percent-encoding', () => {
    expect(() => buildEvent({ method: 'GET', url: '/api/%E0%A4%A', headers: {} })).toThrow(
      MalformedPathError,
    );
  });
});
