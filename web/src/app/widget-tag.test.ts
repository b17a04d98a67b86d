import { describe, expect, it } from 'vitest';
import { loadWidgetTag, LOCAL_WIDGET_TAG } from './widget-tag';

describe('loadWidgetTag', () => {
  it('adds one async script for an https URL, once', () => {
    expect(loadWidgetTag('https://widget.example/tag.js')?.async).toBe(true);
    expect(loadWidgetTag('https://widget.example/tag.js')).toBeNull();
    expect(document.querySelectorAll('script[data-widget-tag]')).toHaveLength(1);
  });

  it('loads nothing when unset, not https nor the portal\'s own path', () => {
    document.head.innerHTML = '';
    expect(loadWidgetTag(undefined)).toBeNull();
    expect(loadWidgetTag('http://widget.example/tag.js')).toBeNull();
    expect(loadWidgetTag('javascript:alert(1)')).toBeNull();
    expect(loadWidgetTag('//evil.example/tag.js')).toBeNull();
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });

  it('loads the portal\'s own stand-in, the local default', () => {
    document.head.innerHTML = '';
    expect(loadWidgetTag(LOCAL_WIDGET_TAG)?.getAttribute('src')).toBe('/widget-tag.js');
  });
});
