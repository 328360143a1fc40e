/**
 * Every Mantine style the application uses, for the pages after login and the onboarding
 * (issue #22 item 8): the login page loads only its own (main.tsx), ~8 KB of CSS instead of ~34 KB
 * (brotli) in the round trip that also brings the entry chunk. All of Mantine's CSS goes in its
 * `mantine` cascade layer (the `.layer.css` files): loaded later than src/styles.css, it still
 * gives way to it and to the screens' own CSS, as when it came first. Imported for its effect by
 * the authenticated layout's providers (lib/ui/dates-pt-br.tsx) and the onboarding steps.
 */
import '@mantine/core/styles.layer.css';
import '@mantine/dates/styles.layer.css';
import '@mantine/charts/styles.layer.css';
// After core's: the template editor (clinic settings).
import '@mantine/tiptap/styles.layer.css';
