// Every Mantine style the shell and its screens use, loaded with the shell's chunk (app/router.tsx)
// rather than blocking the first paint of /login. Layered, so the repeats of styles-first-screen.ts
// change nothing and app/theme.css (unlayered) still wins. The kit's tables bring their own CSS.
import '@mantine/core/styles.layer.css';
import '@mantine/dates/styles.layer.css';
