export const TEMPLATE_DB = 'stayhub_test_template';
export const TEST_ADMIN = { username: 'admin', password: 'admin-test-pw' } as const;
