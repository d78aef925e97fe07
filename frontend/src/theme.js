/** Mantine's theme: today's look (spec 000 §2) as one place — the brand violet of the logo as the primary
 *  palette (shade 6 is the brand, shade 7 its hover), the ink and muted text colours, the system font stack,
 *  the heading sizes, and the breakpoints of the spec (mobile up to 767px, tablet, desktop from 992px). */
import { createTheme } from '@mantine/core'

const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif'

export const brand = [
  '#efedfc', '#dcd8f8', '#b8b0f0', '#9387e9', '#7466e2',
  '#6353de', '#5b4bdb', '#4335b8', '#3a2ea0', '#2f2585',
]

export const theme = createTheme({
  colors: { brand },
  primaryColor: 'brand',
  primaryShade: 6,
  // A person whose system asks for reduced motion gets drawers, modals and toasts without their slide or fade.
  respectReducedMotion: true,
  black: '#1f2333', // the ink: body text and headings
  fontFamily: FONT,
  defaultRadius: 'sm', // 4px; buttons and inputs keep their 6px below
  lineHeights: { md: '1.5' },
  breakpoints: { xs: '36em', sm: '48em', md: '62em', lg: '75em', xl: '88em' },
  headings: {
    fontFamily: FONT,
    sizes: {
      h1: { fontSize: '1.8rem', lineHeight: '1.25' },
      h2: { fontSize: '1.3rem', lineHeight: '1.3' },
    },
  },
  other: {
    muted: '#626a80',
    line: '#e3e6ee',
    surface: '#f6f7fb',
  },
  components: {
    Button: { defaultProps: { radius: 6 } },
    TextInput: { defaultProps: { radius: 6 } },
    // Long French words must wrap inside a 375px screen rather than push the page sideways.
    Title: { styles: { root: { overflowWrap: 'anywhere' } } },
  },
})

/** The palette's extra colours as CSS variables (--modo-muted, --modo-line, --modo-surface) for the CSS modules. */
export function cssVariablesResolver(t) {
  const variables = Object.fromEntries(Object.entries(t.other).map(([name, value]) => [`--modo-${name}`, value]))
  // Mantine sets the dimmed text colour per colour scheme, so the muted grey goes in the light scheme's block.
  return { variables, light: { '--mantine-color-dimmed': t.other.muted }, dark: {} }
}
