/**
 * The most common passwords from public breach top-lists (SecLists, NCSC "100k most used",
 * Russian-speaking leak top-lists) that fit the spec §5 password rule: 6–20 characters from
 * A-Z a-z 0-9 !#$%&^=?/@. Entries are lower case; compare with `password.toLowerCase()`.
 */
const LIST = `
123456 123456789 12345678 password qwerty 1234567 111111 1234567890 123123 000000 abc123 password1
qwerty123 1q2w3e4r 654321 555555 666666 7777777 888888 lovely 121212 123321 dragon monkey iloveyou
princess welcome sunshine football baseball master letmein shadow superman michael jennifer jordan
trustno1 hunter batman starwars charlie donald freedom whatever qazwsx mustang access passw0rd
696969 159753 987654321 112233 1q2w3e 1qaz2wsx zxcvbnm asdfgh asdfghjkl qwertyuiop 1qazxsw2
zaq12wsx q1w2e3r4 q1w2e3r4t5 1q2w3e4r5t 1q2w3e4r5t6y qweasd qweasdzxc qwe123 qwerty1 qwerty12
qwerty1234 123qwe 123456a a123456 123456q 123456qwerty 12345qwert 1234qwer qwer1234 aa123456
abc12345 abcd1234 abcdef abcdef123 abc123456 password123 password12 password1234 pass123 pass1234
passwort pa55word p@ssw0rd p@ssword adminadmin admin123 admin1234 administrator root123 toor123
test123 test1234 tester testing guest123 user123 login123 welcome1 welcome123 changeme secret
secret123 default letmein1 iloveyou1 iloveu loveme lovelove ashley bailey buster cookie daniel
thomas george andrew joshua jessica michelle nicole hannah amanda summer maggie ginger pepper
tigger killer soccer hockey ranger harley yankees cowboys eagles dallas chelsea liverpool arsenal
barcelona matrix merlin mercedes ferrari porsche corvette nascar jackson robert william richard
matthew anthony justin taylor samantha sophie daniel1 michael1 charlie1 jordan23 computer internet
samsung google facebook myspace1 linkedin twitter youtube minecraft pokemon naruto zxcvbn zxcvbnm1
asdasd asdasd123 asd123 zxc123 qazwsxedc 1qaz2wsx3edc 147258369 147258 159357 123654 123789
741852963 963852741 852456 951753 753951 789456123 789456 456789 456123 321654 098765 0987654321
1234512345 123123123 12341234 11111111 22222222 00000000 88888888 99999999 1111111 0000000
12121212 112233445566 777777 999999 222222 333333 444444 101010 131313 202020 232323 242424
696969696 123abc abc123abc aaaaaa aaaaaaaa zzzzzz qqqqqq qqqqqqqq azerty azertyuiop qwertz
qwertzuiop 1a2b3c a1b2c3 a1b2c3d4 1a2b3c4d trustno1! hello123 hello1 hellohello helloworld
goodluck jesus1 jesus123 blessed angel1 angels babygirl princess1 sunshine1 flower butterfly
chocolate cheese pepper1 orange banana apple123 strawberry rainbow purple freedom1 football1
baseball1 superman1 batman123 spiderman starwars1 pokemon1 master123 mustang1 shadow1 monkey1
monkey123 dragon1 dragon123 killer1 hunter1 hunter2 tigger1 love123 love1234 iloveyou2 iloveyou12
mylove forever family friends friend qwerty123456 qwerty7 qwerty11 qwerty01 qwertyui qwertyu
1qaz2wsx3 zaq1zaq1 zaq1xsw2 !qaz2wsx 1qaz@wsx qwe!23 q1w2e3 q2w3e4r5 w1e2r3t4 1z2x3c4v zxcv1234
asdf1234 1234asdf asdfasdf asdfqwer qwerasdf 12qwaszx 12qw34er 1q1q1q 1q2w3e4r5 1234qwerty
123qweasd 123qweasdzxc marina natasha tatiana svetlana anastasia ekaterina dmitry sergey andrey
alexey vladimir nikita maksim ivan123 masha123 sasha123 natasha1 marina123 olga123 privet
privet123 parol123 zaqwsx kotenok solnce solnyshko lyubov ljubov mamapapa spartak dinamo cska1948
russia rossiya moskva sankt123 piter123 vkontakte odnoklassniki yandex mailru rambler 1234554321
5201314 pakistan india123 bangladesh philippines brazil mexico canada london berlin newyork
chicago boston florida california qwertyqwerty zxcvbnmasd asdfghjk asdfghjkl1 zxcvbnm123 qazxswedc
1qazxsw23edc 3edc4rfv 4rfv5tgb 2wsx3edc
`;

/** Lower-case set of common passwords (spec §5 charset only). */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  LIST.split(/\s+/).filter((word) => word.length > 0),
);

/** True when the password (compared in lower case) is on the bundled common list. */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
