import { describe, expect, it } from 'vitest';
import { contrastRatio, readableOn, relativeLuminance } from './contrast';

describe('WCAG contrast arithmetic', () => {
  it('gives the reference values', () => {
    expect(relativeLuminance('#ffffff')).toBe(1);
    expect(relativeLuminance('#000000')).toBe(0);
    expect(contrastRatio('#000000', '#ffffff')).toBe(21);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
    // Mantine's gray 6, its "dimmed" text: the value WebAIM's checker gives.
    expect(contrastRatio('#868e96', '#ffffff')).toBeCloseTo(3.32, 2);
    expect(contrastRatio('#ffffff', '#868e96')).toBe(contrastRatio('#868e96', '#ffffff'));
  });

  it('darkens a colour only as far as needed', () => {
    expect(readableOn('#1a1b1e', ['#ffffff'])).toBe('#1a1b1e');
    const darkened = readableOn('#fab005', ['#ffffff', '#f8f9fa']);
    expect(contrastRatio(darkened, '#f8f9fa')).toBeGreaterThanOrEqual(4.6);
    // One step lighter would not have been enough.
    expect(contrastRatio(darkened, '#f8f9fa')).toBeLessThan(5.2);
  });

  it('refuses what it cannot read', () => {
    expect(() => relativeLuminance('red')).toThrow(/#rrggbb/);
  });
});
