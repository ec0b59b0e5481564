import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { resetSessionCache } from '@/lib/session';

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  resetSessionCache();
});
