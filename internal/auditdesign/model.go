package auditdesign

import (
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/db"
)

// AuditDesign is one review sheet: one solution of the order's design (table audit_designs).
type AuditDesign struct {
	bun.BaseModel `bun:"table:audit_designs,alias:ad"`
	db.Entity
	SalesOrderID   uuid.UUID  `bun:"sales_order_id,type:uuid,notnull" json:"salesOrderId"`
	SalesOrderNo   string     `bun:"sales_order_no,notnull" json:"salesOrderNo"`
	OrderCreatorID *uuid.UUID `bun:"order_creator_id,type:uuid" json:"-"`
	AuditDesignID  string     `bun:"audit_design_id,notnull" json:"auditDesignId"` // the solution's code in the plan
	AuditName      string     `bun:"audit_name,notnull" json:"auditName"`
	AuditCode      string     `bun:"audit_code,notnull" json:"auditCode"`
	State          State      `bun:"state,notnull" json:"state"`
	SubmitComment  string     `bun:"submit_comment,notnull" json:"submitComment"`
	RejectComment  string     `bun:"reject_comment,notnull" json:"rejectComment"`
	LevelIndex     int        `bun:"level_index,notnull" json:"levelIndex"`
	SeparatePallet string     `bun:"separate_pallet,notnull" json:"separatePallet"`
	IsDownload     bool       `bun:"is_download,notnull" json:"isDownload"`
	ClaimedBy      *uuid.UUID `bun:"claimed_by,type:uuid" json:"claimedBy"`
	ClaimedByName  string     `bun:"claimed_by_name,notnull" json:"claimedByName"`
}

// sheet answers what Check needs of a.
func (a *AuditDesign) sheet() Sheet {
	return Sheet{State: a.State, ClaimedBy: a.ClaimedBy, OrderCreatorID: a.OrderCreatorID}
}

// label names the sheet in messages: its name and its order's number.
func (a *AuditDesign) label() string {
	if a.AuditName == "" {
		return a.SalesOrderNo + "/" + a.AuditCode
	}
	return a.SalesOrderNo + "/" + a.AuditName
}

// Log is one operation on a review sheet (table audit_design_logs).
type Log struct {
	bun.BaseModel `bun:"table:audit_design_logs,alias:adl"`
	db.Entity
	AuditDesignID     uuid.UUID  `bun:"audit_design_id,type:uuid,notnull" json:"auditDesignId"`
	OperationState    LogCode    `bun:"operation_state,notnull" json:"operationState"`
	OperationTime     time.Time  `bun:"operation_time,notnull" json:"operationTime"`
	OperatorID        *uuid.UUID `bun:"operator_id,type:uuid" json:"operatorId"`
	OperationOperator string     `bun:"operation_operator,notnull" json:"operationOperator"`
	RoleName          string     `bun:"role_name,notnull" json:"roleName"`
	Comment           string     `bun:"comment,notnull" json:"comment"`
}

// Solution is one solution of a design plan; a sheet is made per solution.
type Solution struct {
	Code string
	Name string
}

// Order is what the sheets need of their sales order.
type Order struct {
	ID        uuid.UUID
	Number    string
	CreatorID *uuid.UUID
}
