// The bench page is built by Vite and imports site modules that read `import.meta.env` and
// `?url` assets: Vite's client types describe both.
/// <reference types="vite/client" />
