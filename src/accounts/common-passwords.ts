// Common passwords of 12+ characters (shorter ones already fail the length rule), lower-cased:
// the long entries of public breach-frequency lists and their usual padded variants.
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '123456789012', '1234567890123', '12345678901234', '123456789123', '123123123123', '121212121212', '111111111111',
  '000000000000', '987654321098', '098765432109', '112233445566', '123321123321', '147258369147', '159753159753',
  'password1234', 'password12345', 'password123456', 'passwordpassword', 'password1234567', 'p@ssw0rd1234', 'passw0rd1234',
  'qwertyuiopas', 'qwerty123456', 'qwertyqwerty', 'qwertyuiop12', 'qwertyuiop123', '1q2w3e4r5t6y', '1qaz2wsx3edc',
  'zaq12wsxcde3', 'q1w2e3r4t5y6', 'asdfghjkl123', 'asdfasdfasdf', 'abcdefghijkl', 'abc123456789', 'abcd12345678',
  'iloveyou1234', 'iloveyouiloveyou', 'administrator', 'admin1234567', 'welcome12345', 'welcome123456', 'letmein12345',
  'changeme1234', 'football1234', 'baseball1234', 'sunshine1234', 'princess1234', 'starwars1234', 'trustno11234',
  'superman1234', 'monkey123456', 'dragon123456', 'master123456', 'shadow123456', 'michael12345', 'jennifer1234',
  'correcthorsebatterystaple', 'thequickbrownfox', 'letmeinletmein', 'aaaaaaaaaaaa', 'mypassword123', 'mypassword1234',
  'secret123456', 'solarpanel123', 'solarpower123', 'default12345', 'computer1234', 'internet1234', 'whatever1234',
]);
