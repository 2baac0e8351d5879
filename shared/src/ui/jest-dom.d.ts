// The jest-dom matchers are installed at run time by the shared jest setup; this gives the
// UI kit's tests their types (toBeInTheDocument, toHaveAttribute, ...).
/// <reference types="@testing-library/jest-dom" />
