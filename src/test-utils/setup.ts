/**
 * Jest setup: DOM matchers.
 */
import '@testing-library/jest-dom';
