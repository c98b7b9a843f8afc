/**
 * The monthly statement's words in Traditional Chinese (Hong Kong); keys and placeholders are
 * English's (./en.ts), which prevails. Terms follow docs/languages.md's glossary (結單, 存入錢包,
 * 利息錢包, 提取, 贖回, 回報, 結餘); no spaces between Chinese and Latin words or figures.
 */
import type { StatementWords } from './en';

const zhHant = {
  documentTitle: '{firm}每月結單（{reference}）',
  title: '每月結單',
  timeZone: '香港時間（UTC+8）',
  allTimesIn: '所有時間均為{zone}',
  englishPrevails: '本結單為英文結單的譯本。如本譯本與英文版本有任何歧異，概以英文版本為準。',
  correctedNotice: '更正結單：第{version}版。本結單取代{reference}，該結單不應再予依據。',
  parties: {
    member: '客戶',
    statement: '結單',
  },
  fields: {
    member: '客戶',
    email: '電郵地址',
    accountNumber: '帳戶號碼',
    reference: '參考編號',
    version: '版本',
    versionReplaces: '{version}（取代{reference}）',
    period: '結單期間',
    periodRange: '{from}至{to}',
    prepared: '編製日期',
  },
  sections: {
    accounts: '帳戶',
    lines: '交易紀錄',
    returns: '回報',
    pending: '月底待處理項目',
    valuation: '估值',
    complaints: '查詢及投訴',
  },
  columns: {
    account: '帳戶',
    opening: '期初結餘',
    credits: '進賬',
    debits: '支賬',
    closing: '期末結餘',
    total: '總計',
    dateHeading: '日期（香港時間）',
    date: '日期',
    description: '說明',
    amount: '金額',
    balanceAfter: '交易後結餘',
    plan: '計劃',
    principal: '本金',
    returnsInPeriod: '本期回報',
    returnsToDate: '累計回報',
    requestedHeading: '申請日期（香港時間）',
    requested: '申請日期',
    item: '項目',
  },
  rate: '，按每{asset} {rate}計算',
  noLines: '本期間並無任何交易入賬。',
  noPlans: '並無任何計劃持有本金或賺取回報。',
  returnsInPeriod: '{period}入賬的回報',
  returnsToDate: '開戶至今的回報',
  nothingPending: '月底並無任何待處理項目。',
  pendingNotIncluded: '待處理項目並未計入上述結餘。',
  valuationSource: '來源：',
  complaintsEmail: '投訴：',
  issuedBy:
    '本結單由{legalName}發出並以電子方式簽署；PDF的電子簽署可顯示本結單於發出後有否被更改。參考編號：{reference}。',
  header: {
    account: '帳戶{number}',
    page: '第{page}頁，共{total}頁',
  },
  accounts: {
    deposit_wallet: '存入錢包',
    interest_wallet: '利息錢包',
    total_invest: '投資總額',
    referral: '推薦收益',
  },
  kinds: {
    deposit: '存入',
    withdrawal: '提取',
    subscription: '投資',
    redemption: '贖回',
    return: '回報',
    referral_bonus: '推薦獎金',
    fee: '費用',
    correction: '更正',
  },
  plans: {
    silver: '白銀計劃',
    gold: '黃金計劃',
    diamond: '鑽石計劃',
    platinum: '白金計劃',
  },
  firm: {
    complaintsText:
      '如您對本結單有任何疑問或投訴，請連同結單的參考編號電郵至{email}。我們會於5個工作天內確認收到投訴。',
    valuationSource: 'Liquid Capital分類賬（以美元記錄）',
    valuationText:
      '結餘及變動均以美元記錄。加密資產的存入或提取會列明該資產的數量及所採用的美元匯率；該匯率於估值時取自申請所載明的來源。',
  },
} satisfies StatementWords;

export default zhHant;
