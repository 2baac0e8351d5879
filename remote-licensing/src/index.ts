// This remote is loaded by the console host through its `./routes` module (see routes.tsx);
// the entry only gives webpack a starting point.
export {};
