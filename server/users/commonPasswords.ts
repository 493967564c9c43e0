/** The most used passwords of public breach lists (lower case): refused whatever their length. */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '123456', '123456789', '12345678', 'password', 'qwerty', '12345', '1234567', '111111', '1234567890', '123123',
  'abc123', '1234', 'password1', 'iloveyou', '1q2w3e4r', '000000', 'qwerty123', 'zaq12wsx', 'dragon', 'sunshine',
  'princess', 'letmein', '654321', 'monkey', '27653', '1qaz2wsx', '123321', 'qwertyuiop', 'superman', 'asdfghjkl',
  'password123', 'passw0rd', 'welcome', 'welcome1', 'admin', 'admin123', 'administrator', 'football', 'baseball',
  'master', 'shadow', 'michael', 'jennifer', 'trustno1', 'starwars', 'whatever', 'qazwsxedc', 'changeme',
  'password12', 'password1234', 'p@ssw0rd', 'p@ssword', 'qwerty1234', 'qwertyuiop123', '1234554321', '0987654321',
  '1111111111', '0000000000', '1234512345', 'iloveyou123', 'football123', 'welcome123', 'letmein123', 'changeme123',
  'abcdefghij', 'abcd1234', 'aaaaaaaaaa', 'demo1234', 'test1234', 'testtest', 'test123456', 'secret123',
  'superuser', 'passpass', 'motdepasse', 'contraseña', 'passwort', 'parola1234', 'password!', 'qwerty12345',
]);
