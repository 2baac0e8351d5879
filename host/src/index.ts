// The async boundary: federation negotiates shared modules before the app's code runs.
import('./bootstrap');
