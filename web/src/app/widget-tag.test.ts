import { describe, expect, it } from 'vitest';
import { loadWidgetTag } from './widget-tag';

describe('loadWidgetTag', () => {
  it('adds one async script for an https URL, once', () => {
    expect(loadWidgetTag('https://widget.example/tag.js')?.async).toBe(true);
    expect(loadWidgetTag('https://widget.example/tag.js')).toBeNull();
    expect(document.querySelectorAll('script[data-widget-tag]')).toHaveLength(1);
  });

  it('loads nothing when unset or not https', () => {
    document.head.innerHTML = '';
    expect(loadWidgetTag(undefined)).toBeNull();
    expect(loadWidgetTag('http://widget.example/tag.js')).toBeNull();
    expect(loadWidgetTag('javascript:alert(1)')).toBeNull();
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });
});
