/** The API's version: the OpenAPI document's and the console's fallback version. */
export const API_VERSION = '1.0.0';
