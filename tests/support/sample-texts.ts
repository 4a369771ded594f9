/**
 * Small texts several tests share, written for Cadence.
 */

/** Eight sentences of Japanese, no spaces: words are counted by character and sentences by 。. */
export const JAPANESE_ESSAY = [
  "毎週の発信は、才能よりも習慣の問題だと私は考えています。",
  "去年、私たちは記事を月に一本しか書けませんでした。",
  "原因は時間ではなく、何を書くかを毎回ゼロから決めていたことでした。",
  "そこで、一本の長い記事を一週間分の短い投稿に分ける方法を試しました。",
  "月曜日には問題を示し、水曜日には具体的な手順を共有しました。",
  "金曜日には読者に質問を投げかけ、意見を集めるようにしました。",
  "三か月後、問い合わせの数は以前の二倍になりました。",
  "今では、月曜日の朝に一週間分の投稿がすでに準備されています。",
].join("");

/** Hashtags for posts about the activation article (tests/fixtures/corpus/founders/02-...). */
export const ACTIVATION_HASHTAGS = "#Activation #Onboarding #SaaS";

/** The activation article's Finding 4 (the demo project), as a plan post tells it, without its hashtags. */
export const DEMO_PROJECT_SENTENCES = [
  "People who spent more than two minutes in the demo project converted at 9.4%.",
  "People who skipped it converted at 17.8%.",
  "Some of that is selection: people who skip a demo are probably people with a real file in hand. But when we removed the demo for half of new signups in March, conversion in that half didn't drop.",
  "It went up slightly (15.1% vs 13.6%, which is within noise at our volume).",
];
