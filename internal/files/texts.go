package files

import (
	"kerf/internal/platform/localization"
	"kerf/internal/platform/permission"
)

// Message keys.
const (
	KeyNotImage     = "Files:NotImage"
	KeyNoFile       = "Files:NoFile"
	KeyOneFile      = "Files:OneFile"
	KeyTokenInvalid = "Files:TokenInvalid"
	KeyFileNotFound = "Files:FileNotFound"
)

var texts = localization.Texts{
	KeyNotImage:     {ZhHans: "只能上传图片（png、jpg、gif、webp、bmp）", En: "Only images can be uploaded (png, jpg, gif, webp, bmp)"},
	KeyNoFile:       {ZhHans: "请选择要上传的文件", En: "Please choose a file to upload"},
	KeyOneFile:      {ZhHans: "一次只能上传一个文件", En: "Upload one file at a time"},
	KeyTokenInvalid: {ZhHans: "下载链接已失效，请重新下载", En: "The download link has expired; please download again"},
	KeyFileNotFound: {ZhHans: "文件不存在", En: "The file does not exist"},
}

// PermFileDescriptor enables uploading (spec 001 §6) and governs file descriptors as a
// whole: uploading, deleting and the token that downloads one (the spec defines no
// separate read permission).
const PermFileDescriptor = "FileManagement.FileDescriptor"

var permissionGroups = []permission.Group{{
	Name:        "FileManagement",
	DisplayName: localization.Text{ZhHans: "文件管理", En: "File management"},
	Permissions: []permission.Definition{
		{Name: PermFileDescriptor, DisplayName: localization.Text{ZhHans: "上传、下载和删除文件", En: "Upload, download and delete files"}},
	},
}}
