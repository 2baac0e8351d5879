import { useState } from 'react';
import { OPENING_FILTER } from './users.list';

const COOKIE = 'usersActiveOnly';
const ONE_YEAR_SECONDS = 365 * 24 * 3600;

function read(): boolean {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${COOKIE}=`));
  return match ? match.split('=')[1] === 'true' : OPENING_FILTER.activeOnly;
}

/** The user list's active-only toggle, remembered in a cookie for 365 days (spec 1 §9). */
export function useActiveOnlyCookie(): [boolean, (value: boolean) => void] {
  const [value, setValue] = useState(read);
  return [
    value,
    (next) => {
      document.cookie = `${COOKIE}=${next}; max-age=${ONE_YEAR_SECONDS}; path=/; samesite=lax`;
      setValue(next);
    },
  ];
}
