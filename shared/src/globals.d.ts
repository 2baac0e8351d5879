/// <reference types="@testing-library/jest-dom" />
// (Above: the DOM matchers of @testing-library/jest-dom, in every package's tests.)

/** Set by the build (DefinePlugin): this app's build version and federation name. */
declare const __BUILD_VERSION__: string;
declare const __APP_NAME__: string;
/** Set by the build: the remote's id ('identity', …), or 'host' for the host and the monolith; the kit's query keys start with it. */
declare const __APP_ID__: string;
/** The kernel (`shared`) version this app was built with: a remote's declaration of the kernel it needs. */
declare const __KERNEL_VERSION__: string;

declare module '*.css';
