package expr

import "kerf/internal/platform/localization"

// Message keys of the expression language. The web page's copy of these texts is
// web/src/components/expr/texts.ts (same keys, same texts). Positions in the texts are
// 1-based characters; Error.Pos is 0-based.
const (
	KeyEmpty               = "Expr:Empty"
	KeyTooLong             = "Expr:TooLong"             // {0} the limit
	KeyTooDeep             = "Expr:TooDeep"             // {0} position, {1} the limit
	KeyUnexpectedChar      = "Expr:UnexpectedChar"      // {0} position, {1} the character
	KeyUnexpectedToken     = "Expr:UnexpectedToken"     // {0} position, {1} the token
	KeyUnexpectedEnd       = "Expr:UnexpectedEnd"       // {0} position
	KeyBadNumber           = "Expr:BadNumber"           // {0} position, {1} the number
	KeyUnknownFunction     = "Expr:UnknownFunction"     // {0} position, {1} the name
	KeyArgCount            = "Expr:ArgCount"            // {0} position, {1} the function, {2} the count
	KeyArgCountMin         = "Expr:ArgCountMin"         // {0} position, {1} the function, {2} the least count
	KeyComparisonOutsideIf = "Expr:ComparisonOutsideIf" // {0} position
	KeyConditionExpected   = "Expr:ConditionExpected"   // {0} position
	KeyUnknownVariable     = "Expr:UnknownVariable"     // {0} position, {1} the name
	KeyDivisionByZero      = "Expr:DivisionByZero"      // {0} position
	KeyOverflow            = "Expr:Overflow"            // {0} position
	KeyBadRoundDigits      = "Expr:BadRoundDigits"      // {0} position, {1} the highest
	KeyBadValue            = "Expr:BadValue"            // {0} position, {1} the name (page only: a value that is not a number)
)

// Texts are the expression language's messages; an area that checks or evaluates
// expressions adds them to its own Texts.
var Texts = localization.Texts{
	KeyEmpty:               {ZhHans: "表达式为空", En: "The expression is empty"},
	KeyTooLong:             {ZhHans: "表达式不能超过 {0} 个字符", En: "The expression must not be longer than {0} characters"},
	KeyTooDeep:             {ZhHans: "第 {0} 个字符处：表达式嵌套不能超过 {1} 层", En: "At character {0}: the expression must not nest deeper than {1} levels"},
	KeyUnexpectedChar:      {ZhHans: "第 {0} 个字符处：不能使用字符“{1}”", En: "At character {0}: the character '{1}' is not allowed"},
	KeyUnexpectedToken:     {ZhHans: "第 {0} 个字符处：此处不应出现“{1}”", En: "At character {0}: '{1}' is not expected here"},
	KeyUnexpectedEnd:       {ZhHans: "第 {0} 个字符处：表达式不完整", En: "At character {0}: the expression is incomplete"},
	KeyBadNumber:           {ZhHans: "第 {0} 个字符处：数字“{1}”无效（最多 18 位有效数字）", En: "At character {0}: the number '{1}' is not valid (at most 18 significant digits)"},
	KeyUnknownFunction:     {ZhHans: "第 {0} 个字符处：未知函数“{1}”", En: "At character {0}: unknown function '{1}'"},
	KeyArgCount:            {ZhHans: "第 {0} 个字符处：函数 {1} 需要 {2} 个参数", En: "At character {0}: function {1} takes {2} arguments"},
	KeyArgCountMin:         {ZhHans: "第 {0} 个字符处：函数 {1} 至少需要 {2} 个参数", En: "At character {0}: function {1} takes at least {2} arguments"},
	KeyComparisonOutsideIf: {ZhHans: "第 {0} 个字符处：比较只能用作 if 的第一个参数", En: "At character {0}: a comparison is only allowed as the first argument of if"},
	KeyConditionExpected:   {ZhHans: "第 {0} 个字符处：if 的第一个参数应为比较（如 a > b）", En: "At character {0}: the first argument of if must be a comparison (such as a > b)"},
	KeyUnknownVariable:     {ZhHans: "第 {0} 个字符处：未知的列“{1}”", En: "At character {0}: unknown column '{1}'"},
	KeyDivisionByZero:      {ZhHans: "第 {0} 个字符处：除数为零", En: "At character {0}: division by zero"},
	KeyOverflow:            {ZhHans: "第 {0} 个字符处：数值超出范围", En: "At character {0}: the number is out of range"},
	KeyBadRoundDigits:      {ZhHans: "第 {0} 个字符处：round 的小数位数应为 0 到 {1} 的整数", En: "At character {0}: the decimal places of round must be a whole number from 0 to {1}"},
	KeyBadValue:            {ZhHans: "第 {0} 个字符处：列“{1}”的值不是数字", En: "At character {0}: the value of column '{1}' is not a number"},
}
