import { describe, expect, it } from 'vitest';
import { correctionTargetSchema, correctionUrl } from './correction-target.ts';

const details = {
  episode: '7',
  episodeTitle: 'Ice & fire',
  start: 610.2,
  end: 612.9,
  text: 'Penguins swim fast',
  link: 'https://example.org/episodes/7?t=610,613',
};

describe('correctionTargetSchema', () => {
  it('takes an http(s) template, an email address, or nothing', () => {
    for (const value of [
      '',
      'https://example.org/issues/new?title={title}&body={body}',
      'http://tracker.example/new?e={episode}&s={start}&e2={end}&t={text}',
      'fixes@example.org',
      'mailto:fixes@example.org',
    ]) {
      expect(correctionTargetSchema.safeParse(value).success, value).toBe(true);
    }
  });

  it('refuses javascript:, data:, other schemes and junk', () => {
    for (const value of [
      'javascript:alert(1)',
      'JavaScript:alert(document.cookie)//@example.org',
      'data:text/html,<script>alert(1)</script>',
      'ftp://example.org/{text}',
      '//example.org/{text}',
      'fixes at example.org',
      'mailto:a@b.c?bcc=x@y.z',
      'https://',
    ]) {
      expect(correctionTargetSchema.safeParse(value).success, value).toBe(false);
    }
  });
});

describe('correctionUrl', () => {
  it('fills a template with encoded details', () => {
    const url = correctionUrl(
      'https://example.org/issues/new?title={title}&body={body}&at={start}-{end}',
      details,
    );
    expect(url).not.toBeNull();
    const params = new URL(url ?? '').searchParams;
    expect(params.get('title')).toBe('Transcript correction: episode 7 at 10:10');
    expect(params.get('body')).toContain('> Penguins swim fast');
    expect(params.get('body')).toContain('Episode 7: Ice & fire');
    expect(params.get('at')).toBe('610-613');
  });

  it('writes an email with a subject and body', () => {
    const url = correctionUrl('fixes@example.org', details) ?? '';
    expect(url.startsWith('mailto:fixes@example.org?subject=')).toBe(true);
    expect(decodeURIComponent(url)).toContain('10:10–10:12');
  });

  it('gives nothing for an empty or hostile target, and text cannot break out', () => {
    expect(correctionUrl('', details)).toBeNull();
    expect(correctionUrl('javascript:alert(1)', details)).toBeNull();
    const url = correctionUrl('https://example.org/new?t={text}', {
      ...details,
      text: '&x=1#"><script>',
    });
    expect(new URL(url ?? '').searchParams.get('t')).toBe('&x=1#"><script>');
    expect(new URL(url ?? '').searchParams.get('x')).toBeNull();
  });
});
